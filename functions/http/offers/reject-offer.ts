import { routes } from '../../routes';
import { answerHandler } from './answer-handler';

export const handler = answerHandler(routes.rejectOffer, 'reject', 'OffersRejected');

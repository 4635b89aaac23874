import { routes } from '../../routes';
import { answerHandler } from './answer-handler';

export const handler = answerHandler(routes.acceptOffer, 'accept', 'OffersAccepted');

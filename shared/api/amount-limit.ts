import * as z from 'zod/mini';
import { AMOUNT_TOO_LARGE, MAX_AMOUNT_CENTS } from '../domain/money';

/** The money limit as a schema check: every cents field a request carries has it (docs/decisions/042-money-limits.md). */
export const withinAmountLimit = () => z.lte(MAX_AMOUNT_CENTS, AMOUNT_TOO_LARGE);

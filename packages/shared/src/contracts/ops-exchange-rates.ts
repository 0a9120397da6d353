import type { z } from 'zod';
import { ZPage, ZPageQuery } from './common';
import { ZOpsExchangeRate, ZRateCurrency } from './rates';

/** GET /api/ops/v1/exchange-rates?currency=&page=&pageSize=: every rate change, newest first (Settings). */
export const ZOpsExchangeRatesQuery = ZPageQuery.extend({ currency: ZRateCurrency.optional() });
export type TOpsExchangeRatesQuery = z.infer<typeof ZOpsExchangeRatesQuery>;

export const ZOpsExchangeRatesResponse = ZPage(ZOpsExchangeRate);
export type TOpsExchangeRatesResponse = z.infer<typeof ZOpsExchangeRatesResponse>;

/**
 * The order as the pay pages need it. The pages in app/ read it with the orders feature and hand
 * it in (features never import each other): the payable and currency are the server's figures.
 */
export interface PayableOrder {
  id: number;
  orderNumber: string;
  status: string;
  payable: number;
  currency: string;
  startsAt: string;
  timeZone: string | undefined;
  projectName: string | undefined;
  /** The therapist's or the store's name. */
  providerName: string | null | undefined;
  /** The order's price lines (service, travel, fees…), labelled in the user's language; no total. */
  lines: { key: string; label: string; amount: number }[];
}

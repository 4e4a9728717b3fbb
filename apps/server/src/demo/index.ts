import type { Db } from '../db/client';
import { seedBangkokDemo } from './bangkok-demo';
import { seedCatalogDemo, seedDemoWorkingHours } from './catalog-demo';
import { seedFeesDemo } from './fees-demo';
import { seedIdentityDemo, seedSupportDemo } from './identity-demo';
import { seedOrdersDemo } from './orders-demo';
import { seedDemoData } from './platform-demo';
import { seedTeamDemo } from './team-demo';
import { seedWalletDemo } from './wallet-demo';

export { DEMO_BANGKOK_THERAPIST_LOGIN, seedBangkokDemo } from './bangkok-demo';
export { seedCatalogDemo } from './catalog-demo';
export { DEMO_CITY_FEES } from './fees-demo';
export { DEMO_SUPPORT_LOGIN, DEMO_THERAPIST_LOGIN } from './identity-demo';
export { createLiveOrderDemoModule, keepDemoOrderWaiting } from './live-order-demo';
export { DEMO_CUSTOMER_LOGIN, DEMO_STORE_LOGIN } from './orders-demo';
export { seedDemoData } from './platform-demo';
export { DEMO_STORE_THERAPIST_LOGIN } from './team-demo';

/**
 * The demo data sets (development and demo installations only, never production by default), each
 * loaded once per database: platform (cities, banners), catalogue, a therapist login with fans and
 * visitors, a customer-service login, Bangkok open with Thai therapists and a therapist login there, a customer and a store-staff login with orders in every
 * status, paid ones with their payments and ledger entries. On every start, demo therapists without
 * hours get a working week. The order waiting for the demo therapist is booked live by the running
 * app (`createLiveOrderDemoModule`), not here.
 */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const seeded = await seedDemoData(db);
  // Fees before anything is quoted: travel, management and cancellation fees in the Cambodian cities.
  const feesSeeded = await seedFeesDemo(db);
  // The catalogue demo needs the demo cities.
  const catalogSeeded = await seedCatalogDemo(db);
  // A demo therapist login with visitors and fans, once the demo therapists exist.
  const identitySeeded = await seedIdentityDemo(db, now);
  // A customer-service login, so staff actions (bans) can be tried through the real staff routes.
  const staffSeeded = await seedSupportDemo(db, now);
  // Bangkok opens with Thai therapists priced in baht (PromptPay), and a therapist login there.
  const bangkokSeeded = await seedBangkokDemo(db, now);
  await seedDemoWorkingHours(db);
  // A customer and a store counter login with orders in every status, once the demo therapist exists.
  const ordersSeeded = await seedOrdersDemo(db, now);
  // The demo customer's wallet balance (a ledger top-up), so paying by wallet can be tried.
  const walletSeeded = await seedWalletDemo(db, { now: () => now });
  // The demo store's team group: a therapist of the store gets a login beside the store counter.
  const teamSeeded = await seedTeamDemo(db, now);
  return (
    seeded ||
    feesSeeded ||
    catalogSeeded ||
    identitySeeded ||
    staffSeeded ||
    bangkokSeeded ||
    ordersSeeded ||
    walletSeeded ||
    teamSeeded
  );
}

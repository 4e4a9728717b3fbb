import type addresses from './en/addresses.json';
import type booking from './en/booking.json';
import type chat from './en/chat.json';
import type common from './en/common.json';
import type desk from './en/desk.json';
import type discovery from './en/discovery.json';
import type help from './en/help.json';
import type home from './en/home.json';
import type identity from './en/identity.json';
import type instore from './en/instore.json';
import type me from './en/me.json';
import type nav from './en/nav.json';
import type orders from './en/orders.json';
import type payments from './en/payments.json';
import type settings from './en/settings.json';
import type therapist from './en/therapist.json';
import type ui from './en/ui.json';
import type workbench from './en/workbench.json';

/** English is the reference shape; the locale test keeps every other language identical in keys. */
// A type alias (not an interface) so it fits i18next's index-signature resource type.
export type Resources = {
  common: typeof common;
  nav: typeof nav;
  home: typeof home;
  instore: typeof instore;
  therapist: typeof therapist;
  me: typeof me;
  settings: typeof settings;
  /**
   * Optional: English's copy loads with the discovery pages (see features/discovery/discovery-strings.ts)
   * to keep the shell small; the other languages' copies are fetched per namespace when a page
   * first asks for them (lib/i18n.ts), so no language chunk carries it.
   */
  discovery?: typeof discovery;
  /** Optional: English's copy loads with the identity pages (features/identity/identity-strings.ts), others as discovery's. */
  identity?: typeof identity;
  /** Optional: the shared page views' strings (components/ui/ui-strings.ts), loaded as discovery's. */
  ui?: typeof ui;
  /** Optional: the address pages' strings (features/addresses/addresses-strings.ts), loaded as discovery's. */
  addresses?: typeof addresses;
  /** Optional: the booking pages' strings (features/booking/booking-strings.ts), loaded as discovery's. */
  booking?: typeof booking;
  /** Optional: English's copy loads with the order pages (features/orders/orders-strings.ts), others as discovery's. */
  orders?: typeof orders;
  /** Optional: English's copy loads with the pay pages (features/payments/payments-strings.ts), others as discovery's. */
  payments?: typeof payments;
  /** Optional: the provider workbench and store counter (features/workbench/workbench-strings.ts), loaded as discovery's. */
  workbench?: typeof workbench;
  /** Optional: the customer service desk (features/desk/desk-strings.ts), loaded as discovery's. */
  desk?: typeof desk;
  /** Optional: the chat pages (features/chat/chat-strings.ts), loaded as discovery's. */
  chat?: typeof chat;
  /** Optional: the help centre and agreements (features/help/help-strings.ts), loaded as discovery's. */
  help?: typeof help;
};

export type Namespace = keyof Resources;

/**
 * One language's shell namespaces. Page-family namespaces and antd-mobile's locale are fetched
 * separately by lib/i18n.ts, so the chunk a first visit waits for stays small.
 */
export interface LocaleBundle {
  resources: Resources;
}

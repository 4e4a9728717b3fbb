import { type ComponentType, lazy } from 'react';

/**
 * A lazily loaded component fetched together with the page providers (TanStack Query and
 * antd-mobile's ConfigProvider, app/providers.tsx) and wrapped in them: the providers' chunk is
 * then fetched beside the component's, not before it, and stays off the first screen of a page
 * that does not need it to draw (Home, decision 064).
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, passed through unchanged
export function lazyWithProviders<Props extends Record<string, any>>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => {
    const [Loaded, { PageProviders }] = await Promise.all([load(), import('./providers')]);
    return {
      default: (props: Props) => (
        <PageProviders>
          <Loaded {...props} />
        </PageProviders>
      ),
    };
  });
}

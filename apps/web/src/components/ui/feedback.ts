import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Imperative feedback (toasts, alert dialog). Kept out of the app shell: Toast and Dialog pull in
 * react-spring, which the first paint does not need. Import this, never Toast/Dialog directly.
 */

// antd-mobile renders Toast/Dialog outside the React tree; with React 19 it must be handed
// createRoot, before the first Toast/Dialog, or they silently fail.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _sabaiRoot?: Root };
  host._sabaiRoot ??= createRoot(host);
  const root = host._sabaiRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    host._sabaiRoot = undefined;
  };
});

let loadingToast: ReturnType<typeof Toast.show> | undefined;

export function showToast(content: string, duration = 2000): void {
  Toast.show({ content, duration });
}

export function showLoading(content: string): void {
  loadingToast?.close();
  loadingToast = Toast.show({ icon: 'loading', content, duration: 0 });
}

export function hideLoading(): void {
  loadingToast?.close();
  loadingToast = undefined;
}

export async function alert(content: string, confirmText: string): Promise<void> {
  await Dialog.alert({ content, confirmText });
}

/** A yes/no question; answers true when confirmed. */
export async function confirm(content: string, confirmText: string, cancelText: string): Promise<boolean> {
  return Dialog.confirm({ content, confirmText, cancelText });
}

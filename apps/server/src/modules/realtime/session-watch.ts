/** Hears that users' accounts or sessions changed, on this process or another; answers how to stop. */
export type AccountsChangedSource = (listener: (userIds: number[]) => void) => () => void;

/**
 * This process's open sockets by user: when identity says a user's sessions or account changed
 * (logout, ban, password change; on any process, through the bus), each of that user's sockets
 * looks its session up again at once and closes if it ended (issue #35 finding 3).
 */
export function createSessionWatch(onAccountsChanged: AccountsChangedSource | undefined) {
  const byUser = new Map<number, Set<() => void>>();
  const stop = onAccountsChanged?.((userIds) => {
    for (const userId of userIds) for (const recheck of byUser.get(userId) ?? []) recheck();
  });
  return {
    /** Calls `recheck` whenever the user changed; answers how to stop (the socket closed). */
    watch(userId: number, recheck: () => void): () => void {
      let rechecks = byUser.get(userId);
      if (!rechecks) {
        rechecks = new Set();
        byUser.set(userId, rechecks);
      }
      rechecks.add(recheck);
      return () => {
        rechecks.delete(recheck);
        if (!rechecks.size && byUser.get(userId) === rechecks) byUser.delete(userId);
      };
    },
    close: () => stop?.(),
  };
}

export type SessionWatch = ReturnType<typeof createSessionWatch>;

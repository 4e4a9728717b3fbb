import { topicIdOf, topicPrefixOf } from '@sabai/shared/realtime/realtime.schemas';
import type { AuthUser } from '../../http/auth';

/** Whether this user may hear the topic `<prefix>:<id>`; declared by the module that owns the prefix. */
export type TopicAuthorizer = (user: AuthUser, id: string) => boolean | Promise<boolean>;

export interface TopicDeclaration {
  /**
   * The event types after which who may hear a topic can have changed (an order reassigned to
   * another provider): every socket following it is asked the authorizer again before it hears
   * more, and one no longer allowed stops hearing it (issue #35 finding 3). Frequent events that
   * change nobody's access (a live position) should answer false: each re-check reads.
   */
  recheckAfter?: (eventType: string) => boolean;
}

/**
 * Who may subscribe to which topic, one authorizer per prefix. A prefix nobody declared is refused:
 * access is never granted by omission. `user:<id>` is the user's own topic and nobody else's.
 */
export function createTopicAccess() {
  const authorizers = new Map<string, TopicAuthorizer>();
  const declarations = new Map<string, TopicDeclaration>();

  function declare(prefix: string, authorizer: TopicAuthorizer, declaration: TopicDeclaration = {}) {
    if (authorizers.has(prefix)) throw new Error(`topic prefix "${prefix}" is declared twice`);
    authorizers.set(prefix, authorizer);
    declarations.set(prefix, declaration);
  }

  declare('user', (user, id) => id === String(user.id));

  return {
    declare,
    async canSubscribe(user: AuthUser, topic: string): Promise<boolean> {
      const authorizer = authorizers.get(topicPrefixOf(topic));
      return authorizer ? authorizer(user, topicIdOf(topic)) : false;
    },
    /** Whether followers of the event's topic must be asked again before they hear more. */
    needsRecheck(event: { topic: string; type: string }): boolean {
      return declarations.get(topicPrefixOf(event.topic))?.recheckAfter?.(event.type) ?? false;
    },
  };
}

export type TopicAccess = ReturnType<typeof createTopicAccess>;

import { topicIdOf, topicPrefixOf } from '@sabai/shared/realtime/realtime.schemas';
import type { AuthUser } from '../../http/auth';

/** Whether this user may hear the topic `<prefix>:<id>`; declared by the module that owns the prefix. */
export type TopicAuthorizer = (user: AuthUser, id: string) => boolean | Promise<boolean>;

/**
 * Who may subscribe to which topic, one authorizer per prefix. A prefix nobody declared is refused:
 * access is never granted by omission. `user:<id>` is the user's own topic and nobody else's.
 */
export function createTopicAccess() {
  const authorizers = new Map<string, TopicAuthorizer>();

  function declare(prefix: string, authorizer: TopicAuthorizer) {
    if (authorizers.has(prefix)) throw new Error(`topic prefix "${prefix}" is declared twice`);
    authorizers.set(prefix, authorizer);
  }

  declare('user', (user, id) => id === String(user.id));

  return {
    declare,
    async canSubscribe(user: AuthUser, topic: string): Promise<boolean> {
      const authorizer = authorizers.get(topicPrefixOf(topic));
      return authorizer ? authorizer(user, topicIdOf(topic)) : false;
    },
  };
}

export type TopicAccess = ReturnType<typeof createTopicAccess>;

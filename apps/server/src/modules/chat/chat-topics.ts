/**
 * Where a conversation's change goes (decision 048), the one definition: `chat:<id>` (the open
 * page) and every member's `user:<id>` (their list, badge and other devices). A single
 * conversation's members are the peer and the one acting; a team group's are read with the change
 * (the send's admission read, or inside the change's transaction).
 */
export const conversationTopics = (conversationId: number, memberIds: readonly number[]): string[] => [
  `chat:${conversationId}`,
  ...memberIds.map((id) => `user:${id}`),
];

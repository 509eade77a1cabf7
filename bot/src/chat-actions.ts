/**
 * What staff and guests may do from a chat, done by the product's own services (the host process
 * provides them): the bot never changes a booking or a queue entry itself, so the API's rules and
 * permission checks are the only ones.
 */
export type ActionOutcome =
  | 'done'
  /** Not theirs to do: not a member of that restaurant, not the guest of that chat. */
  | 'refused'
  /** It changed meanwhile (already confirmed, already called, the move is not allowed). */
  | 'conflict';

export interface ChatActions {
  /** A staff member (by user id) confirms ('application') or declines a booking. */
  setBookingStatus(
    userId: number,
    bookingId: number,
    status: 'application' | 'declined',
  ): Promise<ActionOutcome>;
  /** A staff member calls a waiting guest. */
  callGuest(userId: number, entryId: number): Promise<ActionOutcome>;
  /** The guest of this chat answers the call of their queue entry. */
  answerQueueCall(chatId: number, entryId: number, answer: 'coming' | 'cancel'): Promise<ActionOutcome>;
  /** The guest of this chat answers about their booking. */
  answerBooking(chatId: number, bookingId: number, answer: 'coming' | 'cancel'): Promise<ActionOutcome>;
}

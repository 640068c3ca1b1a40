/**
 * A reply body already turned into JSON (a feed page kept in memory, decision 10): the router
 * sends its text as it is instead of serializing again. `T` is the shape the text holds, so a
 * route still answers what its contract declares.
 */
export class JsonText<T> {
  declare readonly shape?: T;
  constructor(readonly text: string) {}
}

/**
 * The parameters of one statement put together from several repositories' parts: each value
 * added gets the next `$n`. Parts always add their values in the same order, so a statement's
 * text is the same on every run and its prepared plan is kept.
 */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

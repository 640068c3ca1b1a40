import { protocol } from '@electric-sql/pglite';

export type Field = { name: string; dataTypeID: number };

/** What one statement's answer holds: its columns when described, its rows' values, its error. */
export type Answer = {
  /** Undefined when the answer carried no description; [] for a statement that returns none. */
  fields: Field[] | undefined;
  rows: (string | null)[][];
  error: Error | undefined;
};

/**
 * Reads the messages of an answer (PostgreSQL's wire protocol: a type byte, a length, the body)
 * straight from its bytes: PGlite's own parser copies every message before reading it, which
 * showed as a tenth of the server's thread under the check-ins' load. Only what a statement
 * needs is read (a row description, rows, no data); an answer with an error is read again by
 * PGlite's parser, which knows every field of one (code, constraint, detail…).
 */
export function readAnswer(answer: Uint8Array): Answer {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const result: Answer = { fields: undefined, rows: [], error: undefined };
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const end = at + 1 + bytes.readInt32BE(at + 1);
    let p = at + 5;
    if (type === 0x44 /* D: a row */) {
      const count = bytes.readInt16BE(p);
      p += 2;
      const row = new Array<string | null>(count);
      for (let i = 0; i < count; i++) {
        const length = bytes.readInt32BE(p);
        p += 4;
        if (length < 0) row[i] = null;
        else {
          row[i] = bytes.toString('utf8', p, p + length);
          p += length;
        }
      }
      result.rows.push(row);
    } else if (type === 0x54 /* T: the columns */) {
      const count = bytes.readInt16BE(p);
      p += 2;
      const fields: Field[] = [];
      for (let i = 0; i < count; i++) {
        const nul = bytes.indexOf(0, p);
        const name = bytes.toString('utf8', p, nul);
        // After the name: table oid (4), column number (2), then the type oid.
        fields.push({ name, dataTypeID: bytes.readInt32BE(nul + 1 + 6) });
        p = nul + 1 + 18;
      }
      result.fields = fields;
    } else if (type === 0x6e /* n: no data */) {
      result.fields = [];
    } else if (type === 0x45 /* E: an error */) {
      result.error = errorOf(answer);
      return result;
    }
    at = end;
  }
  return result;
}

function errorOf(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (m) => {
    if (m.name === 'error') error ??= m as unknown as Error;
  });
  return error ?? new Error('PGlite answered with an error it could not read');
}

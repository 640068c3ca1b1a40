import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concat } from './pglite-runner.js';
import { readAnswer } from './pglite-answer.js';

/** Real answers: a statement sent to an in-memory PGlite as the runner sends it. */
describe('readAnswer', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text, tags text[])`);
  });
  afterAll(() => db.close());

  const { serialize } = protocol;
  const send = (text: string, values: (string | null)[] = []) =>
    db.execProtocolRaw(
      concat([
        serialize.parse({ text }),
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );

  it('reads the columns and every row, NULLs and text beyond ASCII as they are', async () => {
    await send(`INSERT INTO t VALUES (1, 'Maÿa 🎙️', '{a,b}'), (2, NULL, NULL)`);
    const answer = readAnswer(await send('SELECT id, name, tags FROM t ORDER BY id'));
    expect(answer.error).toBeUndefined();
    expect(answer.fields).toEqual([
      { name: 'id', dataTypeID: 23 },
      { name: 'name', dataTypeID: 25 },
      { name: 'tags', dataTypeID: 1009 },
    ]);
    expect(answer.rows).toEqual([
      ['1', 'Maÿa 🎙️', '{a,b}'],
      ['2', null, null],
    ]);
  });

  it('says a statement returns no columns, and reads an empty result', async () => {
    expect(readAnswer(await send(`UPDATE t SET name = 'x' WHERE id = 99`)).fields).toEqual([]);
    const empty = readAnswer(await send('SELECT id FROM t WHERE id = $1', ['99']));
    expect(empty).toEqual({ fields: [{ name: 'id', dataTypeID: 23 }], rows: [], error: undefined });
  });

  it('gives an error with the fields PostgreSQL sent', async () => {
    const answer = readAnswer(await send(`INSERT INTO t VALUES (1, 'again', NULL)`));
    expect(answer.error).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(answer.error?.message).toMatch(/duplicate key/);
  });
});

import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits at semicolons that end a line, keeps a function body whole, drops comments', () => {
    const sql = `-- a table
CREATE TABLE t (a int);
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'no';
END
$$;
-- the end
CREATE INDEX t_a ON t (a);
`;
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE t (a int)',
      "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no';\nEND\n$$",
      'CREATE INDEX t_a ON t (a)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate.js';

describe('splitStatements', () => {
  it('splits on semicolons outside dollar-quoted function bodies', () => {
    const sql = `CREATE TABLE a (id int); -- a comment; with a semicolon
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1;
  RETURN NULL;
END
$$;
CREATE FUNCTION g(x text) RETURNS boolean LANGUAGE sql AS $body$ SELECT $1 = 'a;b' $body$;
CREATE INDEX a_id ON a (id);`;
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(4);
    expect(statements[1]).toContain('PERFORM 1;\n  RETURN NULL;');
    expect(statements[2]).toContain("$1 = 'a;b'");
    expect(statements[3]).toBe('CREATE INDEX a_id ON a (id)');
  });

  it('refuses a body that never ends', () => {
    expect(() => splitStatements('CREATE FUNCTION f() AS $$ SELECT 1;')).toThrow(/Unterminated/);
  });
});

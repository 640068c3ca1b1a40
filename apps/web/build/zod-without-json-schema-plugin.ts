import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** zod's modules that turn a schema into JSON Schema, as zod's own modules import them. */
const JSON_SCHEMA = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const STUB = '\0doers-zod-json-schema:';

/**
 * In the web app, zod's JSON Schema output is stubbed out: every schema's class refers to it (for
 * `.toJSONSchema()` and `.minLength`-style getters), so the bundler kept all of it in the first
 * load (decision 15 has the bytes), and the app never asks a schema for JSON Schema. Each export
 * of the two modules becomes a function that throws, saying why, if anything ever calls it (the
 * web's unit tests load zod the same way, so a use would fail there first).
 */
export function zodWithoutJsonSchemaPlugin(): Plugin {
  return {
    name: 'doers-zod-without-json-schema',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/json-schema/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !JSON_SCHEMA.test(resolved.id)) return null;
      return STUB + resolved.id;
    },
    load(id) {
      if (!id.startsWith(STUB)) return null;
      const real = readFileSync(id.slice(STUB.length), 'utf8');
      const names = new Set<string>();
      for (const [, name] of real.matchAll(/export (?:function|const|let|class) (\w+)/g))
        names.add(name!);
      for (const [, list] of real.matchAll(/export \{([^}]*)\}/g))
        for (const part of list!.split(','))
          names.add(
            part
              .trim()
              .split(/\s+as\s+/)
              .pop()!
              .trim(),
          );
      names.delete('');
      const body = [...names].map((name) => `export const ${name} = unavailable;`).join('\n');
      return (
        'function unavailable() {\n' +
        "  throw new Error('JSON Schema is not part of the web app (build/zod-without-json-schema-plugin.ts)');\n" +
        '}\n' +
        body
      );
    },
  };
}

/**
 * Named component schemas: every exported PascalCase zod schema of schemas/*.ts that is an object, array,
 * union, enum or record becomes `#/components/schemas/<export name>` wherever the document uses it, so a
 * client generated from the document has a `PointOfSale`, a `PosPage`, a `NetworkType`. Bare strings and
 * numbers (Serial, MerchantId) stay inline, beside their pattern.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod/mini';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Io = 'input' | 'output';

const SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/', import.meta.url));
const NAMED_TYPES = new Set(['object', 'array', 'union', 'enum', 'record', 'intersection']);
const COMPONENT_PREFIX = '#/components/schemas/';

async function exportedSchemas(): Promise<Map<z.core.$ZodType, string>> {
  const names = new Map<z.core.$ZodType, string>();
  const files = readdirSync(SCHEMAS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(`${SCHEMAS_DIR}${file}`).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.core.$ZodType) || !/^[A-Z]/.test(name) || !NAMED_TYPES.has(value._zod.def.type)) continue;
      const known = names.get(value);
      if (known && known !== name) throw new Error(`schemas/${file}: ${name} is also exported as ${known}; export one name`);
      names.set(value, name);
    }
  }
  const seen = new Set<string>();
  for (const name of names.values()) {
    if (seen.has(name)) throw new Error(`Two different schemas are exported as ${name} from schemas/`);
    seen.add(name);
  }
  return names;
}

const namedSchemas = await exportedSchemas();

function isStrictObject(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; catchall?: z.core.$ZodType };
  return def.type === 'object' && def.catchall?._zod.def.type === 'never';
}

function mapRefs(value: Json, rename: (ref: string) => string): Json {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' ? rename(v) : mapRefs(v, rename);
  return out;
}

/** Looks up the component name of a schema, and any metadata its schema file gave it (`z.meta`). */
class ComponentRegistry extends z.core.$ZodRegistry<{ id?: string }> {
  override get(schema: z.core.$ZodType): { id?: string } | undefined {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema);
    return own || global ? { ...global, ...own } : undefined;
  }
}

/**
 * Collects the components the document's schemas use. A request body is described as the client sends it
 * (`input`: fields with defaults optional), a response as the server answers (`output`); a component used
 * both ways must read the same both ways.
 */
export class ComponentSchemas {
  private readonly registry = new ComponentRegistry();
  private readonly forms: Record<Io, Map<string, JsonObject>> = { input: new Map(), output: new Map() };

  constructor() {
    for (const [schema, id] of namedSchemas) this.registry.add(schema, { id });
  }

  /**
   * JSON Schema (2020-12, the dialect of OpenAPI 3.1) of a zod schema, named components as `$ref`.
   * `additionalProperties: false` only for strict objects: zod would also add it to every plain object in
   * output mode, which would make adding a response field a breaking change for strict clients.
   * `inline`: the root is written out even when it is a component (query, path and header parameters).
   */
  schema(schema: z.core.$ZodType, io: Io, inline = false): JsonObject {
    const out = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      metadata: this.registry,
      override: ({ zodSchema, jsonSchema: js }) => {
        if (zodSchema._zod.def.type === 'object' && !isStrictObject(zodSchema)) delete js.additionalProperties;
      },
    }) as JsonObject;
    delete out.$schema;
    const toComponent = (ref: string) => ref.replace(/^#\/\$defs\//, COMPONENT_PREFIX);
    const defs = (out.$defs ?? {}) as Record<string, JsonObject>;
    delete out.$defs;
    const rootName = inline && typeof out.$ref === 'string' ? out.$ref.replace(/^#\/\$defs\//, '') : undefined;
    for (const [name, def] of Object.entries(defs)) {
      if (name === rootName) continue;
      const js = mapRefs(def, toComponent) as JsonObject;
      const other = this.forms[io === 'input' ? 'output' : 'input'].get(name);
      if (other && JSON.stringify(other) !== JSON.stringify(js)) {
        throw new Error(`${name} reads differently in a request and in a response: export a request schema of its own`);
      }
      this.forms[io].set(name, js);
    }
    return mapRefs(rootName ? defs[rootName]! : out, toComponent) as JsonObject;
  }

  /** `#/components/schemas`: every component the schemas returned so far refer to. */
  all(): Record<string, JsonObject> {
    return Object.fromEntries([...this.forms.input, ...this.forms.output]);
  }
}

// Generates zod.json: the JSON Schema zod 4's z.toJSONSchema emits for everyday field types.
// Run in a directory where `npm install zod@4` was run: node gen.mjs > zod.json
import * as z from "zod";

const cases = {
  int: z.object({ n: z.number().int() }),
  number_bounds: z.object({ x: z.number().min(0).max(100), p: z.number().positive(), q: z.number().lt(1).gte(-1) }),
  int_bounds: z.object({ age: z.number().int().min(0).max(150), step: z.int().multipleOf(5) }),
  email: z.object({ email: z.email() }),
  uuid: z.object({ id: z.uuid() }),
  datetime: z.object({ at: z.iso.datetime(), day: z.iso.date(), time: z.iso.time() }),
  string_min: z.object({ name: z.string().min(1), code: z.string().max(8), tag: z.string().length(3) }),
  enum: z.object({ color: z.enum(["red", "green", "blue"]) }),
  optional: z.object({ a: z.string(), b: z.string().optional() }),
  nullable: z.object({ a: z.string().nullable(), b: z.number().int().nullable() }),
  array_min: z.object({ tags: z.array(z.string()).min(1), few: z.array(z.number()).max(3) }),
  record: z.object({ scores: z.record(z.string(), z.number()) }),
  tuple: z.object({ point: z.tuple([z.number(), z.number(), z.string()]) }),
  discriminated_union: z.object({
    shape: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("circle"), r: z.number() }),
      z.object({ kind: z.literal("square"), side: z.number() }),
    ]),
  }),
  nested: z.object({ user: z.object({ name: z.string(), address: z.object({ city: z.string(), zip: z.string() }) }) }),
  literal: z.object({ v: z.literal(2), s: z.literal("x") }),
  ipv4: z.object({ ip: z.ipv4(), ip6: z.ipv6() }),
  url: z.object({ u: z.url(), h: z.hostname() }),
  boolean: z.object({ ok: z.boolean() }),
};
const out = {};
for (const [name, schema] of Object.entries(cases)) {
  try {
    out[name] = z.toJSONSchema(schema);
  } catch (e) {
    out[name] = { error: String(e) };
  }
}
console.log(JSON.stringify(out, null, 2));

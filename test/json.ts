/**
 * A JSON body as a test walks it (`res.json.data.items[0].id`) before expect() checks the value: the one `any`
 * left in the tree, named once here. The bodies are the API's own answers, already checked against the
 * operations' zod schemas; typing each test's reads would rewrite every test. Production code has no `any`
 * (Biome's noExplicitAny is an error).
 */
// biome-ignore lint/suspicious/noExplicitAny: a test's view of a JSON body, see above
export type TestJson = any;

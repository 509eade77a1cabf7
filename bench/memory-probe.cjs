// Preloaded into the API by `pnpm bench soak` (NODE_OPTIONS=--require): on SIGUSR2, a full garbage
// collection, then one line with the process's memory. The memory a soak compares is what is left
// once the garbage is gone: RSS alone rises and falls by a third with when V8 last collected.
const v8 = require('node:v8');
const vm = require('node:vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGUSR2', () => {
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stdout.write(`stolik-memory ${JSON.stringify({ rss, heapUsed, external })}\n`);
});

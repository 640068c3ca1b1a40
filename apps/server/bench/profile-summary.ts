// Where a CPU profile spent its time: `tsx apps/server/bench/profile-summary.ts <file.cpuprofile>`
// (written by `node --cpu-prof`, e.g. through `npm run bench -- --profile <dir>`).
// Prints self time by package or file, self time by function, and inclusive time (the function
// or anything it called) of the heaviest functions.
//   --top 25            rows per table
//   --from 5 --to 12    only the samples between these seconds of the profile (skip start-up)
//   --callers open      the heaviest call paths into functions whose name contains this
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    from: { type: 'string' },
    to: { type: 'string' },
    callers: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [--top 25] [--from s] [--to s]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as Profile;
const top = Number(args.top);

/** node_modules/<package>, node:internal, the repository file, or a V8 pseudo-frame. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const repo = url.indexOf('/apps/');
  return repo >= 0 ? url.slice(repo + 1) : url.replace(/^file:\/\//, '');
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const fnKey = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${placeOf(n.callFrame.url, n.callFrame.functionName)}:${n.callFrame.lineNumber + 1}`;

const selfByPlace = new Map<string, number>();
const selfByFn = new Map<string, number>();
const inclusiveByFn = new Map<string, number>();
const callerPaths = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number) =>
  map.set(key, (map.get(key) ?? 0) + us);

const from = args.from === undefined ? -Infinity : Number(args.from) * 1e6;
const to = args.to === undefined ? Infinity : Number(args.to) * 1e6;
let total = 0;
let elapsed = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const us = profile.timeDeltas[i] ?? 0;
  elapsed += us;
  if (elapsed < from || elapsed > to) continue;
  const node = byId.get(profile.samples[i]!)!;
  total += us;
  add(selfByPlace, placeOf(node.callFrame.url, node.callFrame.functionName), us);
  add(selfByFn, fnKey(node), us);
  const seen = new Set<string>();
  const stack: string[] = [];
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const key = fnKey(byId.get(id)!);
    stack.push(key);
    if (!seen.has(key)) {
      seen.add(key);
      add(inclusiveByFn, key, us);
    }
  }
  if (args.callers) {
    const at = stack.findIndex((key) => key.split('  ')[0]!.includes(args.callers!));
    if (at >= 0) add(callerPaths, stack.slice(at, at + 12).join('\n              ← '), us);
  }
}

const idle = selfByPlace.get('(idle)') ?? 0;
function print(title: string, map: Map<string, number>) {
  console.log(`\n${title}`);
  const rows = [...map]
    .filter(([key]) => !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  for (const [key, us] of rows) {
    const share = ((us / (total - idle)) * 100).toFixed(1);
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${share.padStart(5)}%  ${key}`);
  }
}

console.log(
  `${positionals[0]}: ${(total / 1e6).toFixed(1)} s sampled, ${(idle / 1e6).toFixed(1)} s idle; ` +
    'shares are of the busy time',
);
print('Self time by package or file', selfByPlace);
print('Self time by function', selfByFn);
inclusiveByFn.delete(fnKey(profile.nodes[0]!)); // the root holds everything
print('Inclusive time by function', inclusiveByFn);
if (args.callers) print(`Call paths into "${args.callers}"`, callerPaths);

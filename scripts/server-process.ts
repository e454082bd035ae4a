/**
 * How every shop server process is started (decisions 0050, 0057): `npm start` and `npm run dev`
 * (package.json, where a test holds them to these values), the bench's servers and the resilience
 * suite's. Both bound memory without refusing work: no heap limit, only how soon garbage is collected
 * and how many malloc arenas glibc keeps.
 */

/**
 * V8 flags: semi-spaces of 8 MB, a young generation of 16 MB committed (decision 0050; 4 MB semi-spaces
 * saved 4–8 MB at the peak but cost cart calls about a fifth more CPU: decision 0062's amendment). The
 * old generation's `--heap-growing-percent=30` (decisions 0057, 0069) is set by the server itself once started (main.ts
 * `HEAP_GROWING_ONCE_LISTENING`): given at launch, its collections while the modules load cost the start about 300 ms.
 * One thread in V8's worker pool (Node's default is four, whatever the machine): its concurrent marking and
 * parallel scavenges no longer crowd the event loop off the cores it needs (decision 0076). No allocation-site
 * pretenuring: after a burst, V8 took a request's objects for long-lived and made them in the old generation,
 * where only full collections free them (decision 0079). Maglev's finished compile jobs freed on the main thread
 * as they are installed, not handed to the one pool thread to free: under load that thread is busy and the jobs
 * waited there with their zones, 20–25 MB at once, which glibc's main heap then kept (decision 0102). Young
 * collections go on while a full one marks (V8's default keeps them apart): otherwise the young generation
 * fills for the 50 ms of marking and all of it still reachable then is copied in the full collection's pause,
 * which halved that pause (7 to 3.4 ms) and lowered the peak 15–30 MB (decision 0113). That room pays for an old
 * generation of at least 64 MB: full collections a third as often, 15–20 % less CPU per cart write (same record).
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=8",
  "--v8-pool-size=1",
  "--no-allocation-site-pretenuring",
  "--no-maglev-destroy-on-background",
  "--no-separate-gc-phases",
  "--initial-old-space-size=64",
];

/**
 * Node's compile cache switched on before the first TypeScript file loads (decision 0050): `npm start`
 * preloads it, and so must every server that stands for it. Without it the process strips every module's
 * types itself, and the stripper (WebAssembly) holds about 14 MB for the life of the process (decision 0062).
 */
export const SERVER_PRELOAD: readonly string[] = ["--import", "./scripts/compile-cache.mjs"];

/**
 * Environment, read by glibc as the process starts (so it cannot be set from inside it; other C
 * libraries, musl or macOS, ignore it): two malloc arenas instead of up to 16 on two cores, each
 * keeping freed memory of its own; and allocations of 32 KB and more (a socket's read buffer, a
 * Buffer pool slab, V8's largest compiler zone segments) mapped on their own and given back when
 * freed, instead of splitting the main heap, which glibc returns only from its top. 32 KB rather than
 * 64 KB costs about one mmap and munmap per request and kept the bench's peak some 20 MB lower
 * (decision 0062). Two plain variables rather than one GLIBC_TUNABLES:
 * glibc 2.36 passes on only the first tunable of that variable to child processes (`npm run dev`'s
 * server is one, of the watching process).
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768" };

/**
 * Each request's logger, made when the request first logs at a level the server writes
 * (decision 0055). Fastify otherwise makes a pino child (bound to the request id) for every
 * request, though at the production level (warn) nearly every request logs nothing.
 */
import type { FastifyBaseLogger } from "fastify";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
/** Pino's logger, which Fastify makes from the app's logger options. */
type LevelledLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/** Stands in for the request's child logger: the same methods, the child made on the first line written. */
class RequestLogger {
  readonly #parent: LevelledLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelledLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#parent.isLevelEnabled(level)) (this.#real()[level] as (...line: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#write("fatal", args);
  }
  error(...args: unknown[]) {
    this.#write("error", args);
  }
  warn(...args: unknown[]) {
    this.#write("warn", args);
  }
  info(...args: unknown[]) {
    this.#write("info", args);
  }
  debug(...args: unknown[]) {
    this.#write("debug", args);
  }
  trace(...args: unknown[]) {
    this.#write("trace", args);
  }
  silent() {}
  isLevelEnabled(level: string): boolean {
    return this.#parent.isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with a log level of its own gets its child at once (the
 * level check needs it), as does a logger that cannot say which levels it writes.
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  const levelled = logger as Partial<LevelledLogger>;
  if (options?.level || typeof levelled.isLevelEnabled !== "function") return logger.child(bindings, options);
  return new RequestLogger(logger as LevelledLogger, bindings, options) as unknown as FastifyBaseLogger;
}

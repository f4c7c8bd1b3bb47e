/**
 * A read that each stream needs for its own key (its user, its device), made for all the keys
 * asked while the previous one ran, or in the same event-loop turn, in one query: on PostgreSQL,
 * where a query waits for its answer, the streams of a storm queue behind one read at a time
 * instead of one read each.
 */
export class TurnGather<K, V> {
  private waiting: { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  private running = false;

  /** `load(keys)` reads for at most `maxBatch` keys (bounded by the parameters of one statement) and resolves a function answering each. */
  constructor(
    private readonly load: (keys: K[]) => Promise<(key: K) => V>,
    private readonly maxBatch = 500,
  ) {}

  get(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.run();
    });
  }

  private run(): void {
    const part = this.waiting.splice(0, this.maxBatch);
    this.running = true;
    this.load(part.map((w) => w.key))
      .then(
        (answer) => {
          for (const w of part) {
            try {
              w.resolve(answer(w.key));
            } catch (err) {
              w.reject(err);
            }
          }
        },
        (err: unknown) => {
          for (const w of part) w.reject(err);
        },
      )
      .finally(() => {
        this.running = false;
        this.schedule();
      });
  }
}

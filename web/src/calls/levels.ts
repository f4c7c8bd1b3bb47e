/**
 * The speaker indicator: one WebAudio analyser per participant's audio, read a few times a
 * second. A participant is speaking while their level is over the threshold; the meter calls
 * back only when someone starts or stops, not on every reading.
 */
const THRESHOLD = 0.02;
const INTERVAL_MS = 150;

interface Source {
  stream: MediaStream;
  node: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
}

export class LevelMeter {
  private ctx: AudioContext | null = null;
  private readonly sources = new Map<number, Source>();
  private state: Record<number, boolean> = {};
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly buffer = new Float32Array(512);

  constructor(private readonly onChange: () => void) {}

  /** Measures `stream`'s audio for `uid` (a stream already watched is kept unless `replace`). */
  watch(uid: number, stream: MediaStream, replace = false): void {
    if (typeof AudioContext === "undefined" || stream.getAudioTracks().length === 0) return;
    const known = this.sources.get(uid);
    if (known && known.stream === stream && !replace) return;
    this.unwatch(uid);
    this.ctx ??= new AudioContext();
    const node = this.ctx.createMediaStreamSource(stream);
    const analyser = this.ctx.createAnalyser();
    analyser.fftSize = 512;
    node.connect(analyser);
    this.sources.set(uid, { stream, node, analyser });
    this.timer ??= setInterval(() => this.read(), INTERVAL_MS);
  }

  private unwatch(uid: number): void {
    const source = this.sources.get(uid);
    if (!source) return;
    source.node.disconnect();
    this.sources.delete(uid);
  }

  private read(): void {
    const next: Record<number, boolean> = {};
    for (const [uid, { analyser }] of this.sources) {
      analyser.getFloatTimeDomainData(this.buffer);
      let sum = 0;
      for (const v of this.buffer) sum += v * v;
      if (Math.sqrt(sum / this.buffer.length) > THRESHOLD) next[uid] = true;
    }
    const changed = Object.keys(next).length !== Object.keys(this.state).length || Object.keys(next).some((k) => !this.state[Number(k)]);
    this.state = next;
    if (changed) this.onChange();
  }

  speaking(): Record<number, boolean> {
    return this.state;
  }

  clear(): void {
    for (const uid of [...this.sources.keys()]) this.unwatch(uid);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.state = {};
    void this.ctx?.close();
    this.ctx = null;
  }
}

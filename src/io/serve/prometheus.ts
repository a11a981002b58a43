// `/metrics` in Prometheus' text format, by prom-client; each scrape sets every metric afresh, so what went is gone.
import { Counter, Gauge, Registry } from 'prom-client';
import type { MetricFamily } from './metrics.js';

export const PROMETHEUS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

export class PrometheusText {
  private readonly registry = new Registry();
  private readonly metrics = new Map<string, Gauge | Counter>();

  private metricFor(family: MetricFamily): Gauge | Counter {
    const known = this.metrics.get(family.name);
    if (known) return known;
    const config = { name: family.name, help: family.help, labelNames: family.labelNames, registers: [this.registry] };
    const made = family.type === 'counter' ? new Counter(config) : new Gauge(config);
    this.metrics.set(family.name, made);
    return made;
  }

  /** The families as one scrape's text. */
  async write(families: readonly MetricFamily[]): Promise<string> {
    for (const family of families) {
      const metric = this.metricFor(family);
      metric.reset();
      for (const { labels, value } of family.samples) {
        if (metric instanceof Counter) metric.inc(labels, value);
        else metric.set(labels, value);
      }
    }
    return this.registry.metrics();
  }
}

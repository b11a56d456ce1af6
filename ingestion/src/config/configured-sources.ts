/** The sources the configuration enables, each with how often the scheduler runs it. */
import { createFeverSource } from '../sources/fever/fever-source.ts';
import { createFileSource } from '../sources/file/file-source.ts';
import type { IngestionSource } from '../sources/source.ts';
import { createTicketmasterSource } from '../sources/ticketmaster/ticketmaster-source.ts';
import type { IngestionConfig } from './ingestion-config.ts';

export interface ScheduledSource {
  source: IngestionSource;
  intervalMs: number;
}

export function configuredSources(config: IngestionConfig): ScheduledSource[] {
  const sources: ScheduledSource[] = [];
  if (config.ticketmaster)
    sources.push({
      source: createTicketmasterSource(config.ticketmaster),
      intervalMs: config.ticketmaster.intervalMinutes * 60_000,
    });
  if (config.fever)
    sources.push({ source: createFeverSource(config.fever), intervalMs: config.fever.intervalMinutes * 60_000 });
  if (config.files)
    sources.push({
      source: createFileSource({ paths: config.files.paths }),
      intervalMs: config.files.intervalMinutes * 60_000,
    });
  return sources;
}

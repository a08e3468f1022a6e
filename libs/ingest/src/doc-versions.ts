import type { Redis } from 'ioredis';
import { newestFirst, type VersionList } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import { TurnSharedReads, type Keys } from '@docqa/redis';
import type { VersionResolver } from '@docqa/retrieval';
import type { DocumentStore } from './document-store';

/** The version a question or search runs in (DESIGN §17). */
export interface ResolvedVersion {
  /** Searched: its documents and unversioned ones. Absent: the tenant's documents have no versions. */
  version?: string;
  /** Whether the tenant has several versions (an answer then says which one it describes). */
  several: boolean;
}

/** What a request's version is chosen from: the tenant's versions, newest first, and its default. */
interface Choice {
  versions: string[];
  default: string | null;
}

/**
 * A tenant's docs versions: the versions its documents have (with counts), its default version
 * (a setting, else the newest), and the version a request runs in.
 */
export class DocVersions implements VersionResolver {
  /** Every question and search resolves its version: the reads of one turn are shared. */
  private readonly choices = new TurnSharedReads<Choice>();

  constructor(private readonly deps: { documents: DocumentStore; redis: Redis; keys: Keys }) {}

  /** The tenant's versions newest first, with document counts, and its default. */
  async list(tenant: string): Promise<VersionList> {
    const [{ counts, unversioned }, setting] = await Promise.all([
      this.deps.documents.versionCounts(tenant),
      this.deps.redis.get(this.deps.keys.defaultVersion(tenant)),
    ]);
    const names = newestFirst(counts.keys());
    const versions = names.map((version) => ({ version, documents: counts.get(version)! }));
    return {
      versions,
      default: defaultOf(names, setting),
      default_setting: setting,
      unversioned,
    };
  }

  /** Sets (or, with null, clears) the tenant's default version; it must be one its documents have. */
  async setDefault(tenant: string, version: string | null): Promise<VersionList> {
    const key = this.deps.keys.defaultVersion(tenant);
    if (version === null) await this.deps.redis.del(key);
    else {
      const { versions } = await this.list(tenant);
      checkKnown(
        versions.map((v) => v.version),
        version,
        'default',
      );
      await this.deps.redis.set(key, version);
    }
    return this.list(tenant);
  }

  /**
   * The version a request runs in: the one it names (400 naming the known ones when the tenant's
   * documents have no such version), else `opts.preferred` while the documents still have it (a
   * chat's version, for its follow-ups), else the default; none when the documents have no versions.
   * @param opts.path where the version was given, for the problem's `errors[].path`.
   */
  async resolve(
    tenant: string,
    requested: string | undefined,
    opts: { path?: string; preferred?: string } = {},
  ): Promise<ResolvedVersion> {
    const choice = await this.choices.read(tenant, () => this.choice(tenant));
    if (requested !== undefined) checkKnown(choice.versions, requested, opts.path);
    const several = choice.versions.length > 1;
    const kept = opts.preferred !== undefined && choice.versions.includes(opts.preferred);
    const version = requested ?? (kept ? opts.preferred : undefined) ?? choice.default;
    return version === null ? { several } : { version, several };
  }

  /** The tenant's versions and default, as {@link list} finds them, without counting documents. */
  private async choice(tenant: string): Promise<Choice> {
    const [counts, setting] = await Promise.all([
      this.deps.documents.versionedCounts(tenant),
      this.deps.redis.get(this.deps.keys.defaultVersion(tenant)),
    ]);
    const versions = newestFirst(counts.keys());
    return { versions, default: defaultOf(versions, setting) };
  }
}

/** The default of `versions` (newest first): the setting while documents have it, else the newest. */
function defaultOf(versions: string[], setting: string | null): string | null {
  return setting && versions.includes(setting) ? setting : (versions[0] ?? null);
}

/** Throws a 400 naming the known versions unless `version` is one of `names`. */
function checkKnown(names: string[], version: string, path = 'version'): void {
  if (names.includes(version)) return;
  const known = names.length
    ? `the known versions are ${names.join(', ')}`
    : 'the documents have no versions';
  throw new ValidationError(`unknown version ${JSON.stringify(version)}: ${known}`, {
    errors: [{ path, message: `unknown version; ${known}` }],
  });
}

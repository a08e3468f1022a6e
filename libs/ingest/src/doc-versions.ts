import type { Redis } from 'ioredis';
import { newestFirst, type VersionList } from '@docqa/contracts';
import { ValidationError } from '@docqa/errors';
import type { Keys } from '@docqa/redis';
import type { VersionResolver } from '@docqa/retrieval';
import type { DocumentStore } from './document-store';

/** The version a question or search runs in (DESIGN §17). */
export interface ResolvedVersion {
  /** Searched: its documents and unversioned ones. Absent: the tenant's documents have no versions. */
  version?: string;
  /** Whether the tenant has several versions (an answer then says which one it describes). */
  several: boolean;
}

/**
 * A tenant's docs versions: the versions its documents have (with counts), its default version
 * (a setting, else the newest), and the version a request runs in.
 */
export class DocVersions implements VersionResolver {
  constructor(private readonly deps: { documents: DocumentStore; redis: Redis; keys: Keys }) {}

  /** The tenant's versions newest first, with document counts, and its default. */
  async list(tenant: string): Promise<VersionList> {
    const [{ counts, unversioned }, setting] = await Promise.all([
      this.deps.documents.versionCounts(tenant),
      this.deps.redis.get(this.deps.keys.defaultVersion(tenant)),
    ]);
    const versions = newestFirst(counts.keys()).map((version) => ({
      version,
      documents: counts.get(version)!,
    }));
    const fallback = versions[0]?.version ?? null;
    return {
      versions,
      default: setting && counts.has(setting) ? setting : fallback,
      default_setting: setting,
      unversioned,
    };
  }

  /** Sets (or, with null, clears) the tenant's default version; it must be one its documents have. */
  async setDefault(tenant: string, version: string | null): Promise<VersionList> {
    const key = this.deps.keys.defaultVersion(tenant);
    if (version === null) await this.deps.redis.del(key);
    else {
      await this.known(tenant, version, 'default');
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
    const list =
      requested === undefined ? await this.list(tenant) : await this.known(tenant, requested, opts.path);
    const several = list.versions.length > 1;
    const kept = list.versions.some((v) => v.version === opts.preferred) ? opts.preferred : undefined;
    const version = requested ?? kept ?? list.default;
    return version === null ? { several } : { version, several };
  }

  private async known(tenant: string, version: string, path = 'version'): Promise<VersionList> {
    const list = await this.list(tenant);
    if (list.versions.some((v) => v.version === version)) return list;
    const names = list.versions.map((v) => v.version);
    const known = names.length
      ? `the known versions are ${names.join(', ')}`
      : 'the documents have no versions';
    throw new ValidationError(`unknown version ${JSON.stringify(version)}: ${known}`, {
      errors: [{ path, message: `unknown version; ${known}` }],
    });
  }
}

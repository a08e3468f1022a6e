import type * as lancedb from '@lancedb/lancedb';
import { MirrorKeeper } from './mirror-keeper';
import type { MirrorEvents } from './mirror-rows';
import { checkedOut } from './table-versions';

/**
 * The keeper of a mirror of table `name` of `db`, whose latest version `latestVersion` reads;
 * `events` (or `true`: none) are told of its catching up; `follow`: it follows the table from the
 * start (see `MirrorKeeper`); `passageDir`: the folder of the mirror's passage file (see
 * `PassageFile`).
 */
export function tableMirror(
  db: lancedb.Connection,
  name: string,
  latestVersion: () => Promise<number | null>,
  events: MirrorEvents | true,
  follow = false,
  passageDir?: string,
): MirrorKeeper {
  return new MirrorKeeper({
    latestVersion,
    snapshot: (version) => checkedOut(() => db.openTable(name), version),
    events: events === true ? undefined : events,
    follow,
    passageDir,
  });
}

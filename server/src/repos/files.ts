import { sql, type Insertable, type Selectable } from "kysely";
import { ContentType, type Gid, type Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { FileUploadsTable, FilesTable } from "../db/schema.js";

export type FileRow = Selectable<FilesTable>;
export type UploadRow = Selectable<FileUploadsTable>;

/** The kinds of `GET /admin/system/files?file_type=`. */
export type FileKind = "Doc" | "PDF" | "Image" | "Audio" | "Video";

export interface FileMessageQuery {
  uid?: Uid;
  gid?: Gid;
  kind?: FileKind;
  /** Only messages created at or after this time (ms). */
  since?: number;
  offset: number;
  limit: number;
}

/** A file or audio message with the file it points at (absent when the path is unknown). */
export interface FileMessageRow {
  mid: number;
  from_uid: number;
  target_gid: number | null;
  target_uid: number | null;
  content_type: string | null;
  content: string | null;
  properties: string | null;
  created_at: number;
  file_content_type: string | null;
  filename: string | null;
  file_created_at: number | null;
  deleted_at: number | null;
}

const FILE_MESSAGE_TYPES = [ContentType.file, ContentType.audio];

export class FilesRepo {
  constructor(private readonly db: Db) {}

  byPath(path: string): Promise<FileRow | undefined> {
    return this.db.selectFrom("files").selectAll().where("path", "=", path).executeTakeFirst();
  }

  upload(fileId: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom("file_uploads").selectAll().where("file_id", "=", fileId).executeTakeFirst();
  }

  /** Uploads untouched since `before` (ms): abandoned. */
  staleUploads(before: number, limit = 500): Promise<UploadRow[]> {
    return this.db.selectFrom("file_uploads").selectAll().where("updated_at", "<", before).limit(limit).execute();
  }

  /** Files whose bytes still exist and were created before `before` (ms), oldest first. */
  liveFilesBefore(before: number, limit = 500): Promise<FileRow[]> {
    return this.db
      .selectFrom("files")
      .selectAll()
      .where("deleted_at", "is", null)
      .where("created_at", "<", before)
      .orderBy("created_at")
      .limit(limit)
      .execute();
  }

  /** File and audio messages, newest first, for the admin files page. */
  fileMessages(q: FileMessageQuery): Promise<FileMessageRow[]> {
    let query = this.db
      .selectFrom("messages as m")
      .leftJoin("files as f", "f.path", "m.content")
      .select([
        "m.mid",
        "m.from_uid",
        "m.target_gid",
        "m.target_uid",
        "m.content_type",
        "m.content",
        "m.properties",
        "m.created_at",
        "f.content_type as file_content_type",
        "f.filename",
        "f.created_at as file_created_at",
        "f.deleted_at",
      ])
      .where("m.content_type", "in", FILE_MESSAGE_TYPES)
      .where("m.kind", "=", "normal");
    if (q.uid !== undefined) query = query.where("m.from_uid", "=", q.uid);
    if (q.gid !== undefined) query = query.where("m.target_gid", "=", q.gid);
    if (q.since !== undefined) query = query.where("m.created_at", ">=", q.since);
    if (q.kind !== undefined) {
      const kind = q.kind;
      query = query.where((eb) => {
        const type = sql<string>`lower(${eb.ref("f.content_type")})`;
        switch (kind) {
          case "Image":
            return eb(type, "like", "image/%");
          case "Video":
            return eb(type, "like", "video/%");
          case "Audio":
            return eb.or([eb(type, "like", "audio/%"), eb("m.content_type", "=", ContentType.audio)]);
          case "PDF":
            return eb(type, "=", "application/pdf");
          case "Doc":
            return eb.and([
              eb("m.content_type", "=", ContentType.file),
              eb.or([
                eb(type, "like", "text/%"),
                eb(type, "=", "application/msword"),
                eb(type, "=", "application/rtf"),
                eb(type, "like", "application/vnd.openxmlformats-officedocument.%"),
                eb(type, "like", "application/vnd.ms-%"),
                eb(type, "like", "application/vnd.oasis.opendocument.%"),
                eb(type, "like", "application/vnd.apple.%"),
              ]),
            ]);
        }
      });
    }
    return query.orderBy("m.mid", "desc").limit(q.limit).offset(q.offset).execute();
  }
}

export function insertFile(tx: Db, values: Insertable<FilesTable>): Promise<FileRow> {
  return tx.insertInto("files").values(values).returningAll().executeTakeFirstOrThrow();
}

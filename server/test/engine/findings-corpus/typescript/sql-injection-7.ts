// silent: security/sql-injection
import type { DataSource } from 'typeorm';

export async function archiveProject(ds: DataSource, projectId: string): Promise<void> {
  await ds.query('UPDATE projects SET archived = true WHERE id = $1', [projectId]);
}

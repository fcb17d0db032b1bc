// expect: security/sql-injection@5
import type { DataSource } from 'typeorm';

export async function archiveProject(ds: DataSource, projectId: string): Promise<void> {
  await ds.query(`UPDATE projects SET archived = true WHERE id = '${projectId}'`);
}

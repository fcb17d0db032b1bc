// silent: security/sql-injection
import { PrismaClient } from '@prisma/client';

const prisma = new PrismaClient();

export async function tenantUsers(tenant: string) {
  return prisma.$queryRaw`SELECT * FROM users WHERE tenant = ${tenant}`;
}

// expect: security/sql-injection@7
import { PrismaClient } from '@prisma/client';

const prisma = new PrismaClient();

export async function tenantUsers(tenant: string) {
  return prisma.$queryRawUnsafe(`SELECT * FROM users WHERE tenant = '${tenant}'`);
}

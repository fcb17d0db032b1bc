// silent: security/hardcoded-secret
export interface Credentials {
  user: string;
  password: string;
}

export function fromEnv(env: NodeJS.ProcessEnv): Credentials {
  const password = env.SERVICE_PASSWORD ?? '';
  return { user: env.SERVICE_USER ?? 'service', password };
}

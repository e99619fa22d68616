/** Connection facts of the stack the integration global setup started, handed to test files. */
export interface StackEnv {
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: StackEnv;
  }
}

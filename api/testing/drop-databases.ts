/** `bun api/testing/drop-databases.ts <name>…`: drops those test databases on DATABASE_URL (databases.ts, at exit). */
import { dropTestDatabases } from './databases.ts';

await dropTestDatabases(process.argv.slice(2));

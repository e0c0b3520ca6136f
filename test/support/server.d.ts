import { createApp } from '../../services/src/app';
import type { AppContext } from '../../services/src/core/context';
export type TestApp = {
    ctx: AppContext;
    app: ReturnType<typeof createApp>;
    dataDir: string;
    close(): Promise<void>;
};
/** The real app on embedded adapters in a fresh data folder, with demo data unless told otherwise. */
export declare function startTestApp(options?: {
    listings?: number;
    seed?: boolean;
}): Promise<TestApp>;
/** The same app listening on a free port, for browser tests. */
export declare function startTestServer(options?: {
    listings?: number;
}): Promise<{
    url: string;
    stop(): Promise<void>;
}>;

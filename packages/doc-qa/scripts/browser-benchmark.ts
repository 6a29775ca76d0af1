export async function runBrowserBenchmark(_repo: string) {}

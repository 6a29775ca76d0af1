import type { CommandContext } from '../cli.ts';

export async function run(_ctx: CommandContext) {
  throw new Error('download-sec: not available yet');
}

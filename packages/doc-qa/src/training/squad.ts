/** SQuAD v1.1 file layout (only the fields the evaluation reads). */
export interface SquadFile {
  version?: string;
  data: Array<{
    title: string;
    paragraphs: Array<{
      context: string;
      qas: Array<{ id: string; question: string; answers: Array<{ text: string; answer_start: number }> }>;
    }>;
  }>;
}

import type { StoredAnswer } from '@/lib/event-questions';
import { cn } from '@/lib/utils';

/** A registration's answers to the event's questions, each under the question's text as booked. */
export function AnswersList({
  answers,
  className,
}: {
  answers: readonly StoredAnswer[];
  className?: string;
}) {
  if (answers.length === 0) return null;
  return (
    <dl className={cn('space-y-0.5 text-sm', className)}>
      {answers.map((answer) => (
        <div key={answer.questionId} className="flex flex-wrap gap-x-1">
          <dt className="font-medium">{answer.label}:</dt>
          <dd className="break-words">{answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

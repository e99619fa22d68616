import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

/** One answer open at a time; the open one can be closed again (spec: single, collapsible). */
export function FaqAccordion({ items }: { items: readonly { question: string; answer: string }[] }) {
  return (
    <Accordion type="single" collapsible className="rounded-lg border bg-card px-6">
      {items.map((item, index) => (
        <AccordionItem key={item.question} value={`frage-${index}`} className="last:border-b-0">
          <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
          <AccordionContent className="text-base text-muted-foreground">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

// The FAQ of /how-it-works (spec screen 11): the page shows it, and the server describes it to search
// engines as an FAQPage (structured-data.ts).

export type FaqEntry = { question: string; answer: string };

export const HOW_IT_WORKS_FAQ: readonly FaqEntry[] = [
  {
    question: "How long does it take to get matched with providers?",
    answer:
      "Most businesses are matched with qualified automation providers within 48 hours of submitting a request. Complex projects, such as those spanning several systems or legacy platforms, can take up to 72 hours so that we find providers with the right experience.",
  },
  {
    question: "What types of automation projects do you handle?",
    answer:
      "Our provider network covers workflow automation, data processing, CRM integration, marketing automation and custom software development, from a single repetitive task to company-wide transformation programmes.",
  },
  {
    question: "How do you vet your automation providers?",
    answer:
      "Every provider goes through a portfolio review, client reference checks and technical assessments before joining the network, and ongoing monitoring of client feedback and delivery quality keeps only the best providers active.",
  },
  {
    question: "What if I'm not satisfied with my matches?",
    answer:
      "Tell us what did not fit. We refine your requirements with you and find more options at no extra cost until you have providers you are happy to work with.",
  },
  {
    question: "How much does it cost to use the service?",
    answer:
      "It is free for businesses to submit a request and receive matches and quotes. You pay only the provider you decide to hire, on the terms you agree with them.",
  },
  {
    question: "Can I work with multiple providers?",
    answer:
      "Yes. Many projects benefit from more than one specialist, for example one provider for integration and another for analytics, and we help coordinate between them so the work fits together.",
  },
];

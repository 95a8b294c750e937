import { SupportEmailLink } from './contact';
import { LegalPage } from './LegalPage';
import type { LegalSection } from './LegalPage';

import { ANALYSIS_TYPE_LABELS } from '@cc/contracts';

/** The labels users see when choosing an analysis, from the same list the analysis screen uses. */
const ANALYSIS_TYPES = Object.values(ANALYSIS_TYPE_LABELS);

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Purpose',
    blocks: [
      'This policy explains how Claims Copilot uses artificial intelligence (AI), what it can and cannot do, and what happens to the information you share with it. Please read it together with our Privacy Policy and Terms and Conditions.',
    ],
  },
  {
    title: 'The AI Persona',
    blocks: [
      'The chat assistant in Claims Copilot is an AI persona, not a human. It may have a name and a friendly voice, but it is software.',
      'It is not a VA employee, a veterans service organization (VSO) representative or an attorney, even when it talks about VA rules.',
    ],
  },
  {
    title: 'What the AI Does',
    blocks: [
      'The AI helps you understand the VA claims process in plain language, answers your questions, and suggests next steps for your claims. It can also estimate disability ratings and deadlines and analyze the documents you upload.',
      'The AI helps you prepare. It never files anything with the VA or contacts anyone on your behalf.',
    ],
  },
  {
    title: 'Document Analysis',
    blocks: [
      'When you ask for a document to be analyzed, the AI reads its text and reviews it for your claim. You can choose from nine specialized analysis types:',
      { list: ANALYSIS_TYPES },
      'Document analysis is included in paid plans and is not available on the Free plan.',
    ],
  },
  {
    title: 'Supported Documents',
    blocks: [
      'AI analysis works with PDF and TXT files up to 10MB each. Analysis is text-only: the AI reads the typed or digital text inside the file.',
      'Handwritten or image-based documents, such as photos or scanned pages saved as pictures, are not processed. If your record is a scan, ask your provider for a digital copy, or type the key details into a TXT file.',
    ],
  },
  {
    title: 'Data We Keep',
    blocks: [
      'When you upload a document, we keep its metadata (filename, file size and document category) along with the file, so you can find it in your document repository.',
      'We also keep your analysis results and chat conversations until you delete them. You can delete any of these at any time.',
    ],
  },
  {
    title: 'Analysis Results',
    blocks: [
      'Analysis results include a structured analysis, recommendations, classification, extracted key information and confidence assessments. The confidence assessment shows how sure the AI is about its findings.',
      'Results are saved with your document so you can come back to them later. Please take extra care with any finding that has low confidence.',
    ],
  },
  {
    title: 'Accuracy and Limitations',
    blocks: [
      'AI can make mistakes. It may misread a document, miss something important, or sound confident about something that is wrong.',
      'It only knows what you share with it, and VA rules and rates can change. Rating and deadline estimates are not VA decisions.',
    ],
  },
  {
    title: 'Human Review and Your Decisions',
    blocks: [
      'You stay in charge of your claim. Please check every AI result against your own records before you rely on it or send anything to the VA.',
      'For important decisions, consider asking an accredited VSO representative, claims agent or attorney to review your claim. Accredited VSOs help veterans free of charge.',
    ],
  },
  {
    title: 'No Professional Advice',
    blocks: [
      'The AI does not give legal, medical or financial advice, and its answers are general information only. For questions about your health, please talk to your doctor.',
      'Claims Copilot is not affiliated with or endorsed by the U.S. Department of Veterans Affairs, and is not a VA agent, a VSO or an attorney.',
    ],
  },
  {
    title: 'Privacy and Security',
    blocks: [
      'To produce a response, the text of your message or document is sent securely to the AI service providers we work with, who may only use it to provide that service to us. We do not sell your documents or conversations.',
      'Claims Copilot is not HIPAA compliant. Share only what the AI needs, and consider covering up details like your full Social Security number before you upload.',
    ],
  },
  {
    title: 'Changes to This Policy',
    blocks: [
      'As our AI features change, we may update this policy. We will change the effective date at the top of this page and tell you about important changes by email or in the app.',
    ],
  },
  {
    title: 'Contact Us',
    blocks: [
      <>
        If you have questions about how Claims Copilot uses AI, email us at <SupportEmailLink />. We will do our best to reply promptly.
      </>,
    ],
  },
];

export function AiPolicyPage() {
  return <LegalPage title="Use of AI Policy" dateLine="Effective August 22, 2025" sections={SECTIONS} />;
}

// Spec screen 15: the privacy policy, covering every topic the spec lists.

import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { Link } from "@/web/components/link";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { LegalContact, LegalDocument, LegalList, type LegalSection } from "./components/legal-document";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <LegalList
        lead="We collect the information you give us when you use the Service, and a limited amount of information collected automatically:"
        items={[
          {
            label: "Contact information",
            text: "your name, email address and, where you provide it, your phone number and job title.",
          },
          {
            label: "Company information",
            text: "your company name, industry, size, location and website, and for providers the company profile, specialties and verification details.",
          },
          {
            label: "Project details",
            text: "the processes you want to automate, the systems involved, volumes, timelines, budget estimates and any other requirements you describe.",
          },
          {
            label: "Account information",
            text: "your login credentials, account type (client, provider or administrator), preferences and subscription status.",
          },
          {
            label: "Communication history",
            text: "messages, quotes and notifications exchanged through the Service, and your correspondence with our support team.",
          },
          {
            label: "Usage information",
            text: "technical data such as your IP address, browser type, pages visited and the date and time of your visits, collected through cookies and server logs.",
          },
        ]}
      />
    ),
  },
  {
    id: "how-we-use-information",
    title: "How We Use Your Information",
    body: (
      <>
        <p>We use your information to:</p>
        <LegalList
          items={[
            "match your automation request with suitable, vetted providers and deliver it to them;",
            "create and manage your account, and verify provider companies before they receive leads;",
            "enable providers to send quotes and clients to review, accept or decline them;",
            "process subscription payments and lead purchases, and send receipts;",
            "send service notifications, such as new leads, new quotes and account updates;",
            "respond to your enquiries and provide customer support;",
            "detect, prevent and investigate fraud, spam and abuse, and keep the Service secure;",
            "analyse how the Service is used in order to improve matching and the user experience;",
            "comply with our legal obligations and enforce our Terms of Service.",
          ]}
        />
        <p>
          Where the law requires a legal basis for processing, we rely on the performance of our contract with you, our
          legitimate interest in operating and improving the Service, your consent (which you may withdraw at any time),
          or compliance with a legal obligation.
        </p>
      </>
    ),
  },
  {
    id: "information-sharing",
    title: "How We Share Your Information",
    body: (
      <LegalList
        lead="We do not sell your personal information. We share it only as follows:"
        items={[
          {
            label: "With matched providers",
            text: "when you submit a request, the project details are shared with the providers it is matched to. Your contact details are shared with a provider only once that provider engages with your request as described in the Service.",
          },
          {
            label: "With service providers",
            text: "companies that host our infrastructure, process payments, send email or provide analytics on our behalf, under contracts that limit their use of the data to providing those services.",
          },
          {
            label: "For legal reasons",
            text: "when required by law, court order or government request, or to protect the rights, property or safety of our users, the public or us.",
          },
          {
            label: "In a business transfer",
            text: "if we are involved in a merger, acquisition or sale of assets, in which case we will notify you before your information becomes subject to a different privacy policy.",
          },
          { label: "With your consent", text: "in any other case where you ask or allow us to share it." },
        ]}
      />
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <p>
        We protect your information with administrative, technical and physical safeguards, including encryption in
        transit, hashed passwords, access controls limited to staff who need the data, and regular review of our
        security practices in line with SOC 2 controls. No method of transmission or storage is completely secure, so we
        cannot guarantee absolute security, but we will notify you and the relevant authorities of a data breach where
        the law requires it.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights",
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <LegalList
          items={[
            "access the personal information we hold about you and receive a copy of it;",
            "correct information that is inaccurate or incomplete;",
            "request deletion of your personal information;",
            "object to or restrict certain processing, including direct marketing;",
            "receive your information in a portable format;",
            "withdraw consent where processing is based on consent;",
            "lodge a complaint with a data protection authority.",
          ]}
        />
        <p>
          California residents have the rights given by the California Consumer Privacy Act, including the right to
          know, to delete, to correct and to opt out of the sale or sharing of personal information; we do not sell or
          share personal information for cross-context behavioural advertising. We will not discriminate against you for
          exercising any of these rights. To make a request, contact us using the details below; we may need to verify
          your identity before acting on it.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and Similar Technologies",
    body: (
      <>
        <p>
          We use cookies and similar technologies to keep you signed in, remember your preferences, protect the Service
          against abuse and understand how the Service is used.
        </p>
        <LegalList
          items={[
            {
              label: "Essential cookies",
              text: "required for sign-in, security and the core functions of the Service.",
            },
            { label: "Preference cookies", text: "remember choices such as form drafts and display settings." },
            { label: "Analytics cookies", text: "help us measure traffic and improve pages and features." },
          ]}
        />
        <p>
          You can block or delete cookies in your browser settings. If you block essential cookies, parts of the
          Service, such as signing in, will not work.
        </p>
      </>
    ),
  },
  {
    id: "third-party-services",
    title: "Third-Party Services",
    body: (
      <>
        <p>We rely on trusted third parties to provide parts of the Service:</p>
        <LegalList
          items={[
            {
              label: "Analytics",
              text: "an analytics service helps us understand how visitors use the Service. It receives usage information such as pages visited and device type.",
            },
            {
              label: "Payment processor",
              text: "subscriptions and lead purchases are processed by a third-party payment processor. Card details are entered directly with the processor and are never stored on our servers; we receive only a confirmation and limited details such as the card brand and last four digits.",
            },
          ]}
        />
        <p>
          These services process information under their own privacy policies, which we encourage you to read. The
          Service may also link to websites we do not control, and we are not responsible for their privacy practices.
        </p>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "Data Retention",
    body: (
      <p>
        We keep your personal information for as long as your account is active or as needed to provide the Service.
        After you close your account, or when an enquiry does not lead to an account, we delete or anonymise your
        information within a reasonable period, unless we must keep it longer to meet legal, tax or accounting
        obligations, resolve disputes or enforce our agreements.
      </p>
    ),
  },
  {
    id: "international-transfers",
    title: "International Data Transfers",
    body: (
      <p>
        We serve businesses and providers in many countries, and your information may be transferred to and processed in
        countries other than your own, including the United States, whose data protection laws may differ from those of
        your country. Where we transfer personal information internationally, we use appropriate safeguards, such as
        standard contractual clauses approved by the relevant authorities, to protect it.
      </p>
    ),
  },
  {
    id: "childrens-privacy",
    title: "Children's Privacy",
    body: (
      <p>
        The Service is intended for businesses and is not directed at children. We do not knowingly collect personal
        information from children under 13. If you believe a child under 13 has given us personal information, please
        contact us and we will delete it promptly.
      </p>
    ),
  },
  {
    id: "policy-changes",
    title: "Changes to This Policy",
    body: (
      <p>
        We may update this Privacy Policy from time to time. We will post the new version on this page and change the
        "Last updated" date above, and where the changes are significant we will notify you by email or through the
        Service before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Us",
    body: (
      <LegalContact
        lead="If you have questions about this Privacy Policy or want to exercise your rights, contact us:"
        topic="Privacy request"
      />
    ),
  },
];

export function PrivacyPolicyPage() {
  usePublicPageMeta(PATHS.privacyPolicy);
  return (
    <PublicLayout>
      <LegalDocument
        title="Privacy Policy"
        intro={
          <p>
            This Privacy Policy explains how {BRAND_NAME} ("we", "us" or "our") collects, uses, shares and protects
            personal information when you use our website and marketplace (the "Service"), which connects businesses
            with process-automation providers. By using the Service you agree to the practices described here. Please
            also read our{" "}
            <Link to={PATHS.terms} className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
              Terms of Service
            </Link>
            .
          </p>
        }
        sections={SECTIONS}
      />
    </PublicLayout>
  );
}

// Spec screen 15 and section 9: the terms of service (refunds within 7 days, duplicate leads within
// 30 days, minimum age 13, California law).

import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { Link } from "@/web/components/link";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { LegalContact, LegalDocument, LegalList, type LegalSection } from "./components/legal-document";

const SECTIONS: readonly LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <p>
        By accessing or using the Service you agree to be bound by these Terms of Service and by our Privacy Policy. If
        you use the Service on behalf of a company or other organisation, you confirm that you have the authority to
        bind it to these Terms, and "you" refers to that organisation. If you do not agree to these Terms, do not use
        the Service.
      </p>
    ),
  },
  {
    id: "service-description",
    title: "Description of Service",
    body: (
      <>
        <p>
          {BRAND_NAME} operates an online marketplace that connects businesses seeking process automation ("clients")
          with independent automation providers and vendors ("vendors"). Through the Service:
        </p>
        <LegalList
          items={[
            "clients describe their automation needs and receive matches and quotes free of charge;",
            "vendors create a company profile, are verified by us, and receive leads through a subscription or by purchasing leads;",
            "both sides can communicate, exchange quotes and book consultations.",
          ]}
        />
        <p>
          We are not a party to any agreement between a client and a vendor. Vendors are independent businesses, not our
          employees or agents, and we do not guarantee the outcome, quality or timeliness of work they perform, although
          we vet vendors and monitor the quality of their service.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "User Accounts",
    body: (
      <>
        <p>
          You must be at least 13 years old to use the Service, and you must have the legal capacity to enter into a
          binding contract to create an account, buy leads or hire a vendor. When you create an account you agree to:
        </p>
        <LegalList
          items={[
            "provide accurate, current and complete information, and keep it up to date;",
            "keep your password confidential and not share your account with anyone else;",
            "notify us immediately of any unauthorised use of your account;",
            "accept responsibility for all activity that occurs under your account.",
          ]}
        />
        <p>
          Vendor accounts are subject to verification. We may approve or decline a vendor application, or ask for more
          information, at our discretion.
        </p>
      </>
    ),
  },
  {
    id: "lead-sales",
    title: "Lead Sales",
    body: (
      <LegalList
        lead="A lead is a client's automation request delivered to a vendor by our matching process. When you buy or receive leads:"
        items={[
          "leads are delivered based on your stated expertise, location and the client's requirements, and we do not guarantee any number of leads in a given period;",
          "the information in a lead is provided by the client; we qualify leads but do not guarantee that every detail is accurate or that a lead will result in a contract;",
          "Basic leads may be delivered to more than one vendor; Premium leads are exclusive to the vendor who buys them;",
          "lead information may be used only to respond to that client's request and may not be resold, shared or used for unrelated marketing.",
        ]}
      />
    ),
  },
  {
    id: "vendor-conduct",
    title: "Vendor Conduct",
    body: (
      <>
        <p>Vendors agree to:</p>
        <LegalList
          items={[
            "represent their skills, experience, certifications and past work truthfully;",
            "respond to leads promptly and professionally, and send quotes that reflect the work they will perform;",
            "treat client information as confidential and protect it with appropriate security measures;",
            "comply with all laws that apply to their services, including data protection and employment laws;",
            "not contact clients for purposes unrelated to their request, or pressure clients into agreements.",
          ]}
        />
        <p>
          We may suspend or remove a vendor who breaches these standards or receives repeated, well-founded complaints.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment Terms",
    body: (
      <>
        <p>
          Vendor subscriptions are billed monthly in advance, and purchased leads are charged at the price shown for
          your plan at the time of delivery, including the Basic plan at $100 per lead and the Premium plan at $500 per
          lead. Where your plan offers 30-day payment terms, invoices are due within 30 days of issue.
        </p>
        <p>
          All prices are in US dollars and exclude applicable taxes, which you are responsible for. Payments are
          processed by our third-party payment processor. If a payment fails, we may suspend lead delivery until it is
          resolved. We will give you at least 30 days' notice of any price change, and you may cancel before the new
          price takes effect.
        </p>
      </>
    ),
  },
  {
    id: "refunds",
    title: "Refund Policy",
    body: (
      <>
        <p>We want you to pay only for leads that meet our standards:</p>
        <LegalList
          items={[
            "refund requests must be submitted within 7 days of purchase and must explain why the lead did not meet the description or our qualification standards;",
            "a lead that duplicates one you have already received may be refunded if you report it within 30 days;",
            "approved refunds are returned to the original payment method or issued as a credit or replacement lead at no cost;",
            "refunds are not given because a client chose another vendor or decided not to proceed after a genuine enquiry.",
          ]}
        />
        <p>
          Subscriptions may be cancelled at any time and remain active until the end of the billing period already paid.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <p>
        The Service, including its software, design, text, graphics, logos and the {BRAND_NAME} name, is owned by us or
        our licensors and protected by intellectual property laws. We grant you a limited, non-exclusive,
        non-transferable licence to use the Service for its intended purpose. You keep ownership of the content you
        submit, and you grant us a licence to use, store and share it as needed to operate the Service, for example to
        deliver your request to matched vendors.
      </p>
    ),
  },
  {
    id: "prohibited-uses",
    title: "Prohibited Uses",
    body: (
      <LegalList
        lead="You may not:"
        items={[
          "submit false, misleading or fraudulent requests, profiles or quotes;",
          "scrape, harvest or collect data from the Service by automated means without our written permission;",
          "use the Service to send spam or unsolicited marketing;",
          "interfere with or disrupt the Service, or attempt to gain unauthorised access to it or to other accounts;",
          "upload malware or any content that is unlawful, infringing, defamatory or harmful;",
          "circumvent the Service to avoid fees owed for leads delivered through it;",
          "use the Service in violation of any applicable law or regulation.",
        ]}
      />
    ),
  },
  {
    id: "liability",
    title: "Limitation of Liability",
    body: (
      <>
        <p>
          The Service is provided "as is" and "as available", without warranties of any kind, whether express or
          implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.
        </p>
        <p>
          To the fullest extent permitted by law, {BRAND_NAME} will not be liable for any indirect, incidental, special,
          consequential or punitive damages, or for any loss of profits, revenue, data or goodwill, arising from your
          use of the Service or from any dealings between clients and vendors. Our total liability for any claim
          relating to the Service is limited to the amount you paid us in the 12 months before the claim arose, or $100
          if you paid nothing.
        </p>
      </>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnification",
    body: (
      <p>
        You agree to indemnify and hold harmless {BRAND_NAME}, its officers, employees and agents from any claims,
        damages, losses and expenses, including reasonable legal fees, arising from your use of the Service, your
        content, your breach of these Terms or your violation of any law or the rights of a third party, including any
        dispute between you and a client or vendor.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        You may close your account at any time. We may suspend or terminate your access to the Service, with or without
        notice, if you breach these Terms, if required by law, or if your use of the Service creates risk for us or
        other users. On termination your right to use the Service ends, fees already due remain payable, and the
        sections that by their nature should survive, including intellectual property, limitation of liability,
        indemnification and governing law, continue to apply.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing Law",
    body: (
      <p>
        These Terms are governed by the laws of the State of California, United States, without regard to its
        conflict-of-law rules. Any dispute arising from these Terms or the Service will be brought exclusively in the
        state or federal courts located in California, and you consent to the personal jurisdiction of those courts.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to These Terms",
    body: (
      <p>
        We may revise these Terms from time to time. We will post the new version on this page and update the "Last
        updated" date, and where the changes are material we will notify you in advance by email or through the Service.
        Continuing to use the Service after the changes take effect means you accept them.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact Information",
    body: <LegalContact lead="Questions about these Terms can be sent to us at:" topic="Terms of Service question" />,
  },
];

export function TermsPage() {
  usePublicPageMeta(PATHS.terms);
  return (
    <PublicLayout>
      <LegalDocument
        title="Terms of Service"
        intro={
          <p>
            These Terms of Service ("Terms") govern your use of the {BRAND_NAME} website and marketplace (the
            "Service"). Please read them carefully. Our{" "}
            <Link to={PATHS.privacyPolicy} className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
              Privacy Policy
            </Link>{" "}
            explains how we handle your personal information.
          </p>
        }
        sections={SECTIONS}
      />
    </PublicLayout>
  );
}

import { downloadHeaders } from "@/lib/download-headers";
import { getAppContext } from "@/server/app-context";
import { httpStatusOf, isAppError } from "@/server/errors";
import { getFeedbackScreenshot } from "@/server/feedback/get-feedback-screenshot";

const idPattern = /^[1-9]\d{0,14}$/;

/**
 * A screenshot sent with feedback, for the feedback's <img>: only png, jpeg or webp, served with
 * `Content-Disposition: attachment`, `nosniff` and a sandboxing CSP (an <img> shows it all the same).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ feedbackId: string; attachmentId: string }> }): Promise<Response> {
  const context = await getAppContext();
  const { feedbackId, attachmentId } = await params;
  if (!idPattern.test(feedbackId) || !idPattern.test(attachmentId)) return new Response("Not found", { status: 404 });
  try {
    const screenshot = await getFeedbackScreenshot(context, { feedbackId: Number(feedbackId), attachmentId: Number(attachmentId) });
    return new Response(new Uint8Array(screenshot.body), { headers: downloadHeaders(screenshot.filename, screenshot.contentType, screenshot.body.byteLength) });
  } catch (error) {
    if (isAppError(error)) return new Response(error.message, { status: httpStatusOf(error), headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}

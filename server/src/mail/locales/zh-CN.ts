import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `登录 ${v.server}`,
    heading: `登录 ${v.server}`,
    intro: `点击下面的链接登录 ${v.server}。`,
    button: "登录",
    validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
    ignore: "如果这不是你本人的操作，请忽略这封邮件：没有这个链接，任何人都无法登录。",
  }),
  invite: (v) => ({
    subject: `邀请你加入 ${v.server}`,
    heading: `加入 ${v.server}`,
    intro: `你收到了加入 ${v.server} 的邀请。点击下面的链接，设置你的名字即可开始。`,
    button: "加入",
    validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
    ignore: "如果你不想加入，请忽略这封邮件。",
  }),
  register: (v) => ({
    subject: `确认你在 ${v.server} 的邮箱地址`,
    heading: `欢迎来到 ${v.server}`,
    intro: `点击下面的链接确认你的邮箱地址，完成 ${v.server} 的注册。`,
    button: "确认并继续",
    validity: `链接只能使用一次，${v.minutes} 分钟内有效。`,
    ignore: "如果你没有注册，请忽略这封邮件：没有这个链接不会创建账号。",
  }),
  push: { newMessage: "新消息", file: "发送了一个文件" },
};

export default texts;
